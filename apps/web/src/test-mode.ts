/** Read once at start-up: the flag stays on for the whole page life, even after in-app navigation drops the query string. */
export const isTestMode = new URLSearchParams(window.location.search).get('test') === 'true';
