// Views of the standalone bundle loaded on first use with import(): rollup
// writes each as forge-skill-builder.<name>.js beside the bundle, outside its
// first-load size budget. lazyView(load) gives a getter that returns the module
// once it is there and until then starts the load when asked, re-rendering the
// host when it arrives. (The routing dialog, opened by a click, awaits its
// import() instead.)

/** `view(host, start)`: the module, or undefined while it loads (started when `start` is truthy; the host re-renders when it arrives). */
export function lazyView<M>(load: () => Promise<M>): (host: { requestUpdate(): void }, start: unknown) => M | undefined {
  let mod: M | undefined;
  let loading: Promise<unknown> | undefined;
  return (host, start) => {
    if (!mod && start) {
      // A failed load is tried again on a later render.
      loading ??= load().then(
        (m) => (mod = m),
        () => (loading = undefined),
      );
      void loading.then(() => mod && host.requestUpdate());
    }
    return mod;
  };
}
