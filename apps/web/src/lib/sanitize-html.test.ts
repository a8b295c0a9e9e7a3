// @vitest-environment jsdom
// DOMPurify relies on a faithful HTML parser; happy-dom reorders and drops nodes here.
import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './sanitize-html';

const origin = 'https://im.example.com';
const clean = (html: string) => sanitizeMessageHtml(html, origin);

describe('message HTML allow-list (PROTOCOL §4.3)', () => {
  it('keeps the allowed formatting tags without attributes', () => {
    expect(
      clean('<p class="x" style="color:red"><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><s>s</s></p>'),
    ).toBe('<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><s>s</s></p>');
    expect(clean('<ul><li>a</li></ul><ol><li>b</li></ol><h4>h</h4><div><span>x</span></div>a<br>b')).toBe(
      '<ul><li>a</li></ul><ol><li>b</li></ol><h4>h</h4><div><span>x</span></div>a<br>b',
    );
  });

  it('removes other tags but keeps their text, and drops script and style content', () => {
    expect(clean('<h1>Title</h1><table><tr><td>cell</td></tr></table>')).toBe('Titlecell');
    expect(clean('hi<script>alert(1)</script><style>p{}</style><!-- c -->!')).toBe('hi!');
    expect(clean('<img src="/static/a.png" onerror="alert(1)">')).toBe('<img src="/static/a.png" alt="">');
  });

  it('opens allowed links in a new tab and blanks other schemes', () => {
    expect(clean('<a href="https://x.org/a" onclick="x()" title="t">x</a>')).toBe(
      '<a href="https://x.org/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:a@b.c">m</a><a href="tel:123">t</a>')).toContain('href="mailto:a@b.c"');
    expect(clean('<a href="javascript:alert(1)">bad</a>')).toBe(
      '<a href="" target="_blank" rel="noopener noreferrer">bad</a>',
    );
    expect(clean('<a href="data:text/html,x">d</a>')).toContain('href=""');
  });

  it("allows images only from this server's /static and /storage", () => {
    expect(clean(`<img src="${origin}/storage/u/1.png">`)).toContain(`src="${origin}/storage/u/1.png"`);
    expect(clean('<img src="https://evil.example/static/x.png">')).toBe('<img src="" alt="">');
    expect(clean('<img src="/uploads/x.png">')).toBe('<img src="" alt="">');
  });
});
