const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** A JSON data element for the page's scripts to read; `<` in the data cannot close it. */
export function jsonScriptElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

export function page(title: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1d2433}
main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}
p{color:#5a6478;font-size:14px}
ul{list-style:none;padding:0;margin:16px 0}
li{margin:8px 0}
button,.button{display:flex;width:100%;justify-content:space-between;align-items:center;padding:12px 16px;font-size:16px;border:1px solid #d5dbe7;border-radius:8px;background:#fff;cursor:pointer;color:inherit;text-decoration:none;box-sizing:border-box}
button:hover{background:#eef2ff}
.primary{background:#4f7cff;color:#fff;border-color:#4f7cff;justify-content:center}
.primary:hover{background:#3d66e0}
label{display:flex;gap:10px;align-items:center;padding:10px;border:1px solid #d5dbe7;border-radius:8px;cursor:pointer}
.secondary{color:#5a6478;text-align:center;display:block;margin-top:12px;font-size:14px}
small{color:#8a93a6}
</style>
</head>
<body${bodyAttributes}>
${body}
</body>
</html>
`;
}
