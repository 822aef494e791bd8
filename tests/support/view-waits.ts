// View tests (happy-dom) wait for the page with testing-library's findBy… and waitFor. Their default
// of one second is a timing assertion in disguise: on a loaded 2-core machine (CI runs the unit
// files beside PostgreSQL and the servers the integration tests start) a render can take longer
// and a correct page fails. A longer wait changes nothing for a test that passes, and a broken page
// still fails, only later. Node-environment files have no document and skip this.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
