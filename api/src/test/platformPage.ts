// The LMS's own page around a tool (for browser tests): the tool in an iframe, and the platform's
// side of LTI's window messages — platform storage (lti.put_data / lti.get_data, answered from the
// page's memory, to the tool frame's origin only) and the close message of Dynamic Registration.
// Every message is logged in `window.lmsLog` for the test to read.

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's HTML: `src` is the URL the frame opens (a login initiation, a registration link…). */
export function platformPageHtml(src: string, title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttribute(title)}</title>
<style>body{margin:0;font:16px system-ui,sans-serif}header{padding:.5rem 1rem;background:#234;color:#fff}
iframe{display:block;width:100%;height:85vh;border:0}</style></head>
<body><header><h1 style="font-size:1rem;margin:0">Test LMS: ${escapeAttribute(title)}</h1></header>
<iframe id="tool" name="tool" title="${escapeAttribute(title)}" src="${escapeAttribute(src)}"></iframe>
<script>
(function () {
  var store = {};
  var toolOrigin = new URL(${JSON.stringify(src)}).origin;
  window.lmsLog = [];
  window.addEventListener('message', function (event) {
    var data = event.data || {};
    window.lmsLog.push({ subject: data.subject, origin: event.origin, key: data.key });
    if (data.subject === 'org.imsglobal.lti.close') { window.lmsClosed = true; return; }
    if (event.origin !== toolOrigin || !event.source) return;
    var answer = { subject: data.subject + '.response', message_id: data.message_id, key: data.key };
    if (data.subject === 'lti.put_data') { store[event.origin + ' ' + data.key] = data.value; answer.value = data.value; }
    else if (data.subject === 'lti.get_data') { answer.value = store[event.origin + ' ' + data.key]; }
    else if (data.subject === 'lti.capabilities') { answer.supported_messages = [{ subject: 'lti.put_data' }, { subject: 'lti.get_data' }]; }
    else return;
    event.source.postMessage(answer, event.origin);
  });
})();
</script></body></html>`;
}
