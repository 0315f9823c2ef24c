/**
 * Hostile markup for the browser suites (apps/host/e2e/xss.e2e.test.ts, packages/embed/e2e). Every
 * payload that runs sets `window.__xss` (or a parent's) or opens a dialog, which the tests watch
 * for. `marker` is plain text placed beside them, so a test can tell the hostile field was shown.
 */
const hit = (n: number) => `(window.__xss=(window.__xss||[]).concat(${n}))`;

export const XSS_PAYLOADS: string[] = [
  `<script>${hit(1)}</script>`,
  `<img src="x" onerror="${hit(2)}">`,
  `<svg onload="${hit(3)}"><circle r="1"/></svg>`,
  `<a href="javascript:${hit(4)}" id="xss-js-link">open javascript link</a>`,
  `<a href="data:text/html,&lt;script&gt;opener.__xss=5&lt;/script&gt;" id="xss-data-link">open data link</a>`,
  `<iframe srcdoc="<script>parent.__xss=6</script>"></iframe>`,
  `<div style="background:url('javascript:${hit(7)}');width:expression(alert(7))">styled</div>`,
  `<details open ontoggle="${hit(8)}"><summary>toggle</summary></details>`,
  `"><script>${hit(9)}</script>`,
  `</textarea></title></style><script>${hit(10)}</script>`,
  `{{constructor.constructor('${hit(11)}')()}}`,
  `\${${hit(12)}}`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${hit(13)}">`,
  `<form action="javascript:${hit(14)}"><button formaction="javascript:${hit(14)}">go</button></form>`,
  `<input autofocus onfocus="${hit(15)}">`,
  `<object data="javascript:${hit(16)}"></object><embed src="javascript:${hit(16)}">`,
  `<body onload="${hit(17)}">`,
  `<img src=x onerror=alert(18)>`,
  `<svg><a xlink:href="javascript:${hit(19)}"><text y="10">svg link</text></a></svg>`,
  `<base href="javascript:/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${hit(21)}">`,
  `<noscript><p title="</noscript><img src=x onerror=${hit(22)}>">`,
];

export const XSS_MARKER = 'XSS-CORPUS';

/** One string with every payload, for a text field (a name, a message, a question). */
export const XSS_LINE = `${XSS_MARKER} ${XSS_PAYLOADS.join(' ')}`;

/**
 * A lesson body: a safe link that must be kept, then the corpus as raw HTML, each payload in its own
 * paragraph (first, because unclosed payloads swallow what follows them).
 */
export const XSS_LESSON_HTML = `<p>${XSS_MARKER} lesson <a href="https://example.com/ok">a safe link</a></p>${XSS_PAYLOADS.map((p) => `<p>${p}</p>`).join('')}`;
