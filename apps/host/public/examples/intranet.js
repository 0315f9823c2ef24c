// A partner's intranet page embedding the course with <course-player>, no React, no build step.
// A partner with single sign-on hands the player its own token (`player.getAccessToken`); this
// example signs in against the CourseKit API instead, with the form above the player.
//
// ?api=https://courses.example.com/api  where the CourseKit API runs (default: this site's /api)
// ?course=cobie-handover                which course, by slug (default: the platform's default course)
// ?lrs=https://lrs.example.com/xapi     also send every event to that learning record store as xAPI
const params = new URLSearchParams(location.search);
const API_URL = params.get('api') || `${location.origin}/api`;
const COURSE = params.get('course');
const LRS_URL = params.get('lrs');
const EVENT_TYPES = [
  'lessonCompleted',
  'moduleCompleted',
  'moduleUnlocked',
  'quizAnswered',
  'quizCompleted',
  'courseCompleted',
  'certificateIssued',
  'maintenanceChanged',
];

const form = document.getElementById('sign-in');
const failure = document.getElementById('sign-in-error');
form.querySelector('button[type=submit]').disabled = false;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  failure.textContent = '';
  const body = JSON.stringify({ email: form.email.value, password: form.password.value });
  const response = await fetch(`${API_URL}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  }).catch(() => null);
  if (!response?.ok) {
    const answer = await response?.json().catch(() => null);
    failure.textContent = answer?.message ?? 'Could not reach the course. Please try again.';
    return;
  }
  const session = await response.json();
  const player = document.createElement('course-player');
  player.setAttribute('api-url', API_URL);
  if (COURSE) player.setAttribute('course', COURSE);
  player.setAttribute('theme', JSON.stringify({ color: { brand: '#0b6e4f' } }));
  player.getAccessToken = () => session.access_token;
  // Course events bubble out of the player as DOM events named coursekit:{type}.
  for (const type of EVENT_TYPES) {
    player.addEventListener(`coursekit:${type}`, (e) => {
      const item = document.createElement('li');
      item.textContent = `${type}: ${JSON.stringify(e.detail)}`;
      document.getElementById('events').append(item);
    });
  }
  if (LRS_URL) {
    // The course's own title, as the course says it (its outline; public).
    const outlineUrl = `${API_URL}${COURSE ? `/courses/${encodeURIComponent(COURSE)}` : ''}/outline`;
    const outline = await fetch(outlineUrl)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    const report = CourseKit.createXapiReporter({
      endpoint: LRS_URL,
      actor: {
        objectType: 'Agent',
        name: session.user.user_metadata.name || undefined,
        mbox: `mailto:${session.user.email}`,
      },
      activityBase: `${location.origin}/xapi`,
      ...(outline?.title ? { courseTitle: outline.title } : {}),
    });
    for (const type of EVENT_TYPES) player.addEventListener(`coursekit:${type}`, (e) => report(e.detail));
  }
  form.replaceWith(player);
});
