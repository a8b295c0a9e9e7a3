import { describe, expect, it } from 'vitest';
import { parseAndSanitize, sanitizeText } from './sanitize';

const origin = 'https://chat.example.com';

describe('sanitizeText (PROTOCOL §4.3)', () => {
  it('keeps the allowed formatting tags without attributes', () => {
    expect(sanitizeText('<b class="x">bold</b><br><i style="c">it</i>').html).toBe('<b>bold</b><br /><i>it</i>');
  });

  it('drops script and style with their content, and comments', () => {
    const r = sanitizeText('hi<script>alert(1)</script><style>p{}</style><!-- c -->!');
    expect(r.html).toBe('hi!');
    expect(r.length).toBe(3);
  });

  it('removes other tags but keeps their text, escaped', () => {
    expect(sanitizeText('<marquee>a &lt;b&gt;</marquee>').html).toBe('a &lt;b&gt;');
  });

  it('keeps safe links with target and rel, and drops javascript: hrefs', () => {
    expect(sanitizeText('<a href="https://x.org" onclick="e()">x</a>').html).toBe(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeText('<a href="javascript:alert(1)">x</a>').html).toBe('<a>x</a>');
    expect(sanitizeText('<a href="tel:+123">call</a>').html).toContain('href="tel:+123"');
  });

  it('linkifies bare http(s) URLs but not those already in a link', () => {
    expect(sanitizeText('see https://a.org/x?y=1&z=2 now').html).toBe(
      'see <a href="https://a.org/x?y=1&amp;z=2" target="_blank" rel="noopener noreferrer">https://a.org/x?y=1&amp;z=2</a> now',
    );
    expect(sanitizeText('<a href="https://a.org">https://a.org</a>').html).toBe(
      '<a href="https://a.org" target="_blank" rel="noopener noreferrer">https://a.org</a>',
    );
  });

  it('keeps images only from this server, stored as the path', () => {
    expect(sanitizeText(`<img src="${origin}/static/img/emoji/1.png" onerror="x">`, [origin]).html).toBe(
      '<img src="/static/img/emoji/1.png" />',
    );
    expect(sanitizeText('<img src="/storage/a.png">').html).toBe('<img src="/storage/a.png" />');
    expect(sanitizeText('<img src="https://evil.org/static/x.png">', [origin]).html).toBe('');
    expect(sanitizeText('<img src="/static/../etc/passwd">').html).toBe('');
  });

  it('counts decoded characters without tags, an image as one', () => {
    expect(sanitizeText('<p>a&amp;b</p>').length).toBe(3);
    expect(sanitizeText('你好😀').length).toBe(3);
    expect(sanitizeText('<img src="/static/e.png">').length).toBe(1);
    expect(sanitizeText('<p> </p>').length).toBe(1);
    expect(sanitizeText('<b></b>').length).toBe(0);
  });

  it('gives plain text the same answer as the full parser, without running it', () => {
    const plain = [
      'hello',
      '你好，世界😀',
      'say "hi" and \'bye\'',
      'line1\nline2\r\n\tend',
      ' spaced  out ',
      'a\u0000b',
      'x = y; 5 % 3 # @alice',
      'www.example.com',
      'ftp://host/file',
      'http:/not-a-url',
      '',
      '\u200b\u00a0',
    ];
    for (const text of plain) expect(sanitizeText(text)).toEqual(parseAndSanitize(text));
    // …and what needs the parser still goes through it.
    for (const text of ['a < b', 'a > b', 'Tom & Jerry', '&lt;', 'see HTTPS://A.ORG', '<b>x</b>']) {
      expect(sanitizeText(text)).toEqual(parseAndSanitize(text));
    }
  });
});

describe('notice headings (issue 15)', () => {
  it('keeps an h4 nested in bare divs, the structure the web editor saves its H2 and H3 as', () => {
    const html = '<h4>One</h4><div><h4>Two</h4></div><div><div><h4>Three</h4></div></div><p>x</p>';
    expect(sanitizeText(html).html).toBe(html);
  });
});
