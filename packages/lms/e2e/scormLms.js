// The test LMS's page: scorm-again provides window.API (SCORM 1.2) or window.API_1484_11 (SCORM
// 2004) with the learner's saved record, commits go to the LMS's record URL, and the package plays
// in an iframe. ?mode= makes it a bad LMS: noapi (no API at all), initfail (LMSInitialize fails),
// refuse:<element> (SetValue of that element refused with error 405).
(async () => {
  const q = new URLSearchParams(location.search);
  const format = q.get('format');
  const learner = q.get('learner');
  const mode = q.get('mode') || '';
  const is12 = format === 'scorm12';
  await new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = `/scorm-again/${format}.js`;
    script.onload = resolve;
    document.head.append(script);
  });
  const recordUrl = `/lms/record/${format}/${learner}`;
  const saved = await fetch(recordUrl).then((r) => (r.ok ? r.json() : null));
  if (mode !== 'noapi') {
    const settings = { logLevel: 5, autocommit: false, lmsCommitUrl: recordUrl };
    const api = is12 ? new window.Scorm12API(settings) : new window.Scorm2004API(settings);
    if (saved) {
      // A new session on the learner's record: the LMS resumes it when the package suspended.
      const cmi = structuredClone(saved.cmi ?? saved);
      if (is12) cmi.core.entry = cmi.core.exit === 'suspend' ? 'resume' : '';
      else cmi.entry = cmi.exit === 'suspend' ? 'resume' : '';
      api.loadFromJSON(cmi);
    }
    const names = is12
      ? { init: 'LMSInitialize', set: 'LMSSetValue', error: 'LMSGetLastError', text: 'LMSGetErrorString' }
      : { init: 'Initialize', set: 'SetValue', error: 'GetLastError', text: 'GetErrorString' };
    let lastError = null;
    const exposed = new Proxy(api, {
      get(target, name) {
        if (mode === 'initfail' && name === names.init) {
          return () => {
            lastError = '101';
            return 'false';
          };
        }
        if (mode.startsWith('refuse:') && name === names.set) {
          return (element, value) => {
            if (element === mode.slice(7)) {
              lastError = '405';
              return 'false';
            }
            lastError = null;
            return target[names.set](element, value);
          };
        }
        if (lastError && name === names.error) return () => lastError;
        if (lastError && name === names.text)
          return () => (lastError === '405' ? 'Incorrect Data Type' : 'General Exception');
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    window[is12 ? 'API' : 'API_1484_11'] = exposed;
    window.lmsApi = api;
  }
  const frame = document.createElement('iframe');
  frame.id = 'sco';
  frame.title = 'Course';
  frame.src = `/pkg/${format}/index.html`;
  document.body.append(frame);
})();
