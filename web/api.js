// The server's JSON API: one function per endpoint. Errors reject with the server's words.
export class ApiError extends Error {
  constructor(status, body) {
    let where = body && body.line ? ` (line ${body.line}${body.col ? `, column ${body.col}` : ''})` : '';
    super((body && body.error ? body.error : `HTTP ${status}`) + where);
    this.status = status;
    this.body = body;
  }
}

async function post(path, body) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch (_) { /* not JSON */ }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const parse = (text, alphabet) => post('/api/parse', alphabet ? { text, alphabet } : { text });
export const solve = (puzzle) => post('/api/solve', { puzzle });
export const hint = (puzzle, order) => post('/api/hint', { puzzle, order });
export const explain = (puzzle, order) => post('/api/explain', { puzzle, order });
export const rate = (puzzle) => post('/api/rate', { puzzle });
export const generate = (options) => post('/api/generate', options);
export const convert = (puzzle, format) => post('/api/convert', { puzzle, format });
export async function formats() {
  const res = await fetch('/api/formats');
  return res.json();
}
