// api.js: the page's calls of the server's JSON API.

// An APIError is an answer of the API that is not one (its status and
// body: {"error": ...} and, as the API gives them, the row and column of
// a fault in a board, the time limit a search ran past), or no answer at
// all (status 0).
export class APIError extends Error {
  constructor(status, body) {
    super(body.error);
    this.status = status;
    this.body = body;
  }
}

// posted are the calls that take their fields as a form, for a board or
// a path too long for a URL.
const posted = new Set(["/api/solve", "/api/board", "/api/path", "/api/analyse"]);

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => { clearTimeout(t); reject(new DOMException("aborted", "AbortError")); });
  });
}

// call asks the API at path with the fields params, by GET or, when they
// are long, by POST as a form; while the server says it is busy (503,
// every search slot taken) it tries again a second later, then two, up
// to five times, telling busy each time. It returns the answer's body, or
// throws an APIError; an AbortError where signal aborts it.
export async function call(path, params = {}, { signal, busy } = {}) {
  const q = new URLSearchParams(params);
  const post = posted.has(path) && q.toString().length > 4000;
  for (let i = 0; ; i++) {
    let res, body;
    try {
      res = post ? await fetch(path, { method: "POST", body: q, signal }) : await fetch(`${path}?${q}`, { signal });
      if (res.status === 503 && i < 5) {
        busy?.(i + 1);
        await sleep(1000 * (i + 1), signal);
        continue;
      }
      body = await res.json();
    } catch (e) {
      if (e.name === "AbortError") throw e;
      throw new APIError(res ? res.status : 0, { error: res ? `an answer that is not JSON (status ${res.status})` : `no answer from the server (${e.message})` });
    }
    if (!res.ok) throw new APIError(res.status, body);
    return body;
  }
}
