// Testing Library waits up to 1 s by default for what a test finds (`findBy…`, `waitFor`). A screen behind a lazily
// loaded page first compiles its modules cold; in `npm test`, beside other tasks on a busy machine, that can take
// longer. Waiting longer costs a passing test nothing: a wait ends as soon as what it looks for is there.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 10_000 });
