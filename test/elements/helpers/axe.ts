// Accessibility checks with axe-core (loaded once as a classic script from
// node_modules, which the test server serves), across shadow roots.

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown; failureSummary?: string }> }>;
}
declare global {
  interface Window {
    axe?: { run(context: unknown, options: unknown): Promise<AxeResult> };
  }
}

let loading: Promise<void> | null = null;

function loadAxe(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = '/node_modules/axe-core/axe.min.js';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('could not load axe-core'));
    document.head.appendChild(s);
  });
  return loading;
}

/** Fails with a readable list when axe finds WCAG 2.1 A/AA or best-practice violations inside `el`. */
export async function expectAccessible(el: Element, what: string): Promise<void> {
  await loadAxe();
  const result = await window.axe!.run(el, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    // The element is tested alone on a blank page: page-level rules do not apply.
    rules: { region: { enabled: false }, 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false } },
  });
  if (result.violations.length) {
    const lines = result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    at ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
    );
    throw new Error(`axe found ${result.violations.length} violation(s) in ${what}:\n${lines.join('\n')}`);
  }
}
