// The business API called the way a signed-in user's browser calls it: a bearer token, JSON in and
// out; a refused call throws with its status and answer, so a benchmark never measures a page
// whose data was not arranged.

export interface Api {
  (method: string, path: string, body?: unknown): Promise<any>;
}

export function apiOf(baseUrl: string, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}
