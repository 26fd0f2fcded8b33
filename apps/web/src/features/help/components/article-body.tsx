import Markdown from 'react-markdown';

/**
 * Renders an article's Markdown as React elements. Raw HTML in the text is dropped, never
 * injected, so nothing in an article body can run script; links open outside the app.
 */
export function ArticleBody({ markdown }: { markdown: string }) {
  return (
    <div className="article-body">
      <Markdown
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
