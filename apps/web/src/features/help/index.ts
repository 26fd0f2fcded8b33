// The help feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { useHelpArticles } from './api/list-help-articles';
export { HelpSearchBar } from './components/help-search-bar';
