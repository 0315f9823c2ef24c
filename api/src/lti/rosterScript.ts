/**
 * The instructor's class roster in the LTI page (part of /api/lti/lti.js): after an instructor's
 * launch the page shows the course player under a bar with "Class roster"; the roster replaces the
 * player in the same frame (no new window, no cookie: the launch's session token reads
 * GET {api}/lti/rosters/{roster}). Loading, error, empty and table states; the table scrolls inside
 * a focusable region at narrow frame widths. Exposes `ckRoster(el, d, player)` to the page script.
 */
export const ROSTER_SCRIPT = `
function ckRoster(el, d, player) {
  'use strict';
  function node(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') n.textContent = attrs[k]; else n.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) n.appendChild(c); });
    return n;
  }
  var STATES = { not_started: 'Not started', in_progress: 'In progress', completed: 'Completed' };
  var bar = node('nav', { 'aria-label': 'Instructor', class: 'ck-bar' });
  var toggle = node('button', { type: 'button', class: 'ck-button', 'aria-controls': 'ck-roster', 'aria-expanded': 'false', text: 'Class roster' });
  bar.appendChild(toggle);
  var view = node('section', { id: 'ck-roster', 'aria-labelledby': 'ck-roster-title', class: 'ck-roster', hidden: '' });
  el.parentNode.insertBefore(bar, el);
  el.parentNode.insertBefore(view, el.nextSibling);

  function open(showing) {
    toggle.setAttribute('aria-expanded', String(showing));
    toggle.textContent = showing ? 'Back to the course' : 'Class roster';
    // The player's own styles set its display: an inline display hides it, not the hidden attribute.
    player.style.display = showing ? 'none' : '';
    if (showing) { view.removeAttribute('hidden'); load(); }
    else { view.setAttribute('hidden', ''); toggle.focus(); }
  }
  toggle.addEventListener('click', function () { open(toggle.getAttribute('aria-expanded') !== 'true'); });

  function fill(children) {
    while (view.firstChild) view.removeChild(view.firstChild);
    children.forEach(function (c) { if (c) view.appendChild(c); });
  }
  function title(text) { return node('h1', { id: 'ck-roster-title', tabindex: '-1', text: text }); }

  function load() {
    fill([title('Class roster'), node('p', { role: 'status', text: 'Loading the class roster from the LMS…' })]);
    fetch(d.api + '/lti/rosters/' + encodeURIComponent(d.roster), {
      headers: { authorization: 'Bearer ' + d.token, accept: 'application/json' },
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) { return { res: res, body: body }; });
    }).then(function (answer) {
      if (!answer.res.ok) {
        var words = answer.res.status === 401
          ? 'Your session from the LMS has ended. Open the course again from the LMS to see the roster.'
          : (answer.body && answer.body.error && answer.body.error.message) || 'The class roster could not be loaded.';
        throw new Error(words);
      }
      show(answer.body);
    }).catch(function (error) {
      var again = node('button', { type: 'button', class: 'ck-button', text: 'Try again' });
      again.addEventListener('click', load);
      fill([title('Class roster'), node('div', { role: 'alert', class: 'ck-lti-error' }, [
        node('p', { text: error && error.message ? error.message : 'The class roster could not be loaded.' }),
      ]), again]);
    });
  }

  function show(roster) {
    var what = roster.course.title + (roster.module_id === null ? '' : ', module ' + roster.module_id);
    var heading = title('Class roster' + (roster.context.title ? ': ' + roster.context.title : ''));
    var refresh = node('button', { type: 'button', class: 'ck-button', text: 'Refresh' });
    refresh.addEventListener('click', load);
    var members = roster.members || [];
    if (members.length === 0) {
      fill([heading, node('p', { text: 'No one is listed in this class in the LMS yet.' }), refresh]);
      heading.focus();
      return;
    }
    var counts = { not_started: 0, in_progress: 0, completed: 0 };
    members.forEach(function (m) { counts[m.state] += 1; });
    var summary = node('p', { role: 'status', text: members.length + (members.length === 1 ? ' member' : ' members') +
      ' in ' + what + ': ' + counts.completed + ' completed, ' + counts.in_progress + ' in progress, ' +
      counts.not_started + ' not started.' });
    var head = node('tr', {}, ['Name', 'Role', 'Progress', 'Lessons', 'Final quiz'].map(function (h) {
      return node('th', { scope: 'col', text: h });
    }));
    var rows = members.map(function (m) {
      var who = node('th', { scope: 'row' }, [node('span', { text: m.name || m.platform_user_id })]);
      if (m.email) who.appendChild(node('span', { class: 'ck-muted', text: m.email }));
      if (m.status && m.status !== 'Active') who.appendChild(node('span', { class: 'ck-muted', text: 'LMS status: ' + m.status }));
      var quiz = m.quiz ? m.quiz.percentage + '% (' + m.quiz.score + ' of ' + m.quiz.total + ')' : '—';
      return node('tr', {}, [
        who,
        node('td', { text: m.role === 'instructor' ? 'Instructor' : 'Learner' }),
        node('td', { text: STATES[m.state] + (m.launched ? '' : ' (never opened)') }),
        node('td', { text: m.launched ? m.lessons_done + ' of ' + m.lessons_total : '—' }),
        node('td', { text: quiz }),
      ]);
    });
    var table = node('table', {}, [
      node('caption', { text: 'Members of the class and their progress in ' + what }),
      node('thead', {}, [head]),
      node('tbody', {}, rows),
    ]);
    var scroller = node('div', { class: 'ck-scroll', role: 'region', 'aria-label': 'Class roster table', tabindex: '0' }, [table]);
    fill([heading, summary, scroller, refresh]);
    heading.focus();
  }
}
`;
