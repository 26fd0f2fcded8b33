// The public face of features/help: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { useHelpArticles } from './api/list-help-articles';
export { HelpSearchBar } from './components/help-search-bar';
