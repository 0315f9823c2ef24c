import { ROSTER_SCRIPT } from './rosterScript';

/**
 * /api/lti/lti.js, the one script of the LTI pages (no inline script). It reads #ck-lti's data-
 * attributes: `put` stores the login's binding in the platform's storage (lti.put_data) and goes on
 * to the platform's authorization endpoint; `get` reads it back (lti.get_data) and posts the launch
 * again with it; `return` posts a deep-linking response to the platform; `registered` tells the LMS a dynamic
 * registration is done (org.imsglobal.lti.close); `player` mounts the CoursePlayer with the launch's session token,
 * and for an instructor's launch the class roster beside it (rosterScript.ts).
 */
export const LTI_SCRIPT = `${ROSTER_SCRIPT}
(function () {
  'use strict';
  var el = document.getElementById('ck-lti');
  if (!el) return;
  var d = el.dataset;
  function frame() {
    if (d.target === '_parent') return window.parent;
    try { return window.parent.frames[d.target] || window.parent; } catch (e) { return window.parent; }
  }
  function ask(message, done) {
    var id = 'ck-' + Math.random().toString(36).slice(2);
    var finished = false;
    function finish(answer) { if (!finished) { finished = true; window.removeEventListener('message', on); done(answer); } }
    function on(event) {
      var data = event.data;
      if (!data || data.message_id !== id || data.subject !== message.subject + '.response') return;
      if (d.origin && event.origin !== d.origin) return;
      finish(data);
    }
    window.addEventListener('message', on);
    message.message_id = id;
    frame().postMessage(message, d.origin || '*');
    setTimeout(function () { finish(null); }, 3000);
  }
  function show(text) { el.textContent = text; el.setAttribute('role', 'alert'); }
  if (d.mode === 'put') {
    ask({ subject: 'lti.put_data', key: d.key, value: d.value }, function () { window.location.replace(d.next); });
  } else if (d.mode === 'get') {
    ask({ subject: 'lti.get_data', key: d.key }, function (answer) {
      if (!answer || typeof answer.value !== 'string') {
        show('The course could not be opened: your browser blocks the launch cookie and the LMS did not return the launch data. Open it again from your course.');
        return;
      }
      var form = document.createElement('form');
      form.method = 'POST';
      form.action = d.action;
      var fields = { id_token: d.id_token, state: d.state, lti_storage_binding: answer.value };
      Object.keys(fields).forEach(function (name) {
        var input = document.createElement('input');
        input.type = 'hidden'; input.name = name; input.value = fields[name];
        form.appendChild(input);
      });
      document.body.appendChild(form);
      form.submit();
    });
  } else if (d.mode === 'return') {
    var back = document.createElement('form');
    back.method = 'POST';
    back.action = d.action;
    var jwt = document.createElement('input');
    jwt.type = 'hidden'; jwt.name = 'JWT'; jwt.value = d.jwt;
    back.appendChild(jwt);
    document.body.appendChild(back);
    el.textContent = 'Adding it to your course…';
    back.submit();
  } else if (d.mode === 'registered') {
    el.textContent = d.message;
    el.setAttribute('role', 'status');
    (window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
  } else if (d.mode === 'player') {
    if (!window.CourseKit) { show('The course player could not be loaded.'); return; }
    var token = d.token;
    el.id = 'course';
    if (d.roster && d.role === 'instructor') ckRoster(el, d, el);
    var options = { apiUrl: d.api, getAccessToken: function () { return token; } };
    if (d.course) options.course = d.course;
    if (d.module) options.moduleId = Number(d.module);
    window.CourseKit.mountCoursePlayer(el, options);
  }
})();
`;
