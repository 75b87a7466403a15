// Gives an injected fetch to an SDK that only calls the global one (the Gemini
// SDK): the call adds a route header to its request; a dispatcher put in front
// of globalThis.fetch (once, only when some client needs it) sends a request
// carrying that header to the call's own fetch, with the header removed, and
// every other request to the fetch it replaced, untouched. A route header
// whose route is gone is refused rather than sent to the network.

const ROUTE_HEADER = 'x-forge-fetch-route';
const routes = new Map<string, typeof fetch>();
let nextId = 0;
let previous: typeof fetch | undefined;

function headersOf(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Headers {
  if (init?.headers !== undefined) return new Headers(init.headers);
  if (typeof Request !== 'undefined' && input instanceof Request) return new Headers(input.headers);
  return new Headers();
}

const dispatcher = ((input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
  const headers = headersOf(input, init);
  const id = headers.get(ROUTE_HEADER);
  if (id === null) return previous!(input, init);
  const route = routes.get(id);
  if (!route) return Promise.reject(new Error(`fetch route ${id} is closed: the call that opened it has ended`));
  headers.delete(ROUTE_HEADER);
  return route(input, { ...init, headers });
}) as typeof fetch;

function install(): void {
  if (globalThis.fetch === dispatcher) return;
  previous = globalThis.fetch.bind(globalThis);
  globalThis.fetch = dispatcher;
}

/** Opens a route to `fetchFn`: send `headers` with the request, call `close()` when the call ends. */
export function openFetchRoute(fetchFn: typeof fetch): { headers: Record<string, string>; close(): void } {
  install();
  const id = `route-${++nextId}`;
  routes.set(id, fetchFn);
  return { headers: { [ROUTE_HEADER]: id }, close: () => void routes.delete(id) };
}
