import { describe, expect, it } from 'vitest';
import { deltaToHtml, deltaToText } from '../src/delta-html.ts';

describe('deltaToHtml (allow-list rendering of a job description)', () => {
  it('renders paragraphs, headers, lists and inline formats', () => {
    const html = deltaToHtml({
      ops: [
        { insert: 'About the role' },
        { insert: '\n', attributes: { header: 1 } },
        { insert: 'Make ' },
        { insert: 'great', attributes: { bold: true } },
        { insert: ' coffee.\nOne' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'Two' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'First' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'See ' },
        { insert: 'us', attributes: { link: 'https://example.com/a?b=1&c=2' } },
        { insert: '\n\n' },
      ],
    });
    expect(html).toBe(
      '<h2>About the role</h2><p>Make <strong>great</strong> coffee.</p><ul><li>One</li><li>Two</li></ul>' +
        '<ol><li>First</li></ol><p>See <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank">us</a></p>',
    );
  });

  it('escapes markup, drops unsafe links, unknown attributes and embeds', () => {
    const html = deltaToHtml({
      ops: [
        { insert: '<img src=x onerror=alert(1)>', attributes: { script: 'x', bold: 'yes' } },
        { insert: 'click', attributes: { link: 'javascript:alert(1)' } },
        { insert: { image: 'https://evil.example/x.png' } },
        { insert: '"quoted"\n', attributes: { header: 9 } },
      ],
    });
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;click&quot;quoted&quot;</p>');
    expect(html).not.toMatch(/<img|javascript:/);
  });

  it('gives plain text for meta descriptions', () => {
    expect(
      deltaToText({
        ops: [{ insert: 'Hello ' }, { insert: 'world', attributes: { bold: true } }, { insert: '\nBye\n' }],
      }),
    ).toBe('Hello world\nBye');
    expect(deltaToHtml(null)).toBe('');
  });
});
