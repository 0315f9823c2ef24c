// An organisation's partner page: the player themed as the organisation (its `organisation`
// attribute), signed in with the token the partner's single sign-on hands over (in the journey, the
// test puts the learner's token in window.partnerToken before the page loads).
// ?api=…/api  the CourseKit API; ?course=slug  the course; ?organisation=slug  the organisation.
const params = new URLSearchParams(location.search);
const player = document.createElement('course-player');
player.setAttribute('api-url', params.get('api'));
player.setAttribute('course', params.get('course'));
player.setAttribute('organisation', params.get('organisation'));
player.getAccessToken = () => window.partnerToken;
document.getElementById('course').append(player);
