// The frame of every server-rendered identity page: plain HTML, inline styles in the product's
// colours, no script.
import { escapeHtml } from './html.js';
import type { PageLanguage } from './texts.js';

export function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Reviewdesk</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; background: #f4f5fa; color: #1d1d2b; }
  main { max-width: 380px; margin: 10vh auto; background: #fff; border-radius: 8px; padding: 32px;
         box-shadow: 0 4px 24px #0000001a; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  .brand { color: #0011ff; font-weight: 700; letter-spacing: .02em; margin-bottom: 24px; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box; padding: 9px 10px;
         border: 1px solid #82868b; border-radius: 6px; font: inherit; }
  input:focus { outline: 2px solid #0011ff; outline-offset: 1px; }
  button { margin-top: 20px; width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #0011ff;
           color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #1d1d2b; border: 1px solid #82868b; margin-top: 8px; }
  .error { background: #fdecec; color: #a1141a; border-radius: 6px; padding: 8px 10px; margin: 12px 0; }
  .notice { background: #0011ff1a; border-radius: 6px; padding: 8px 10px; margin: 12px 0; }
  a { color: #0011ff; }
  .links { margin-top: 16px; font-size: 14px; }
</style>
</head>
<body><main><div class="brand">Reviewdesk</div><h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

export function message(kind: 'error' | 'notice', text: string | undefined): string {
  return text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';
}
