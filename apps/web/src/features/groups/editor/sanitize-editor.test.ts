// @vitest-environment jsdom
// DOMPurify relies on a faithful HTML parser; happy-dom reorders and drops nodes here.
import { describe, expect, it } from 'vitest';
import { fromWireHtml, isEmptyHtml, sanitizeEditorHtml, toWireHtml } from './sanitize-editor';
import { isAllowedLink } from './history';
import { sanitizeMessageHtml } from '../../../lib/sanitize-html';

describe('sanitizeEditorHtml (spec §5)', () => {
  it('keeps http, https, mailto and tel links', () => {
    for (const href of ['http://a.example/', 'https://a.example/x', 'mailto:a@b.example', 'tel:+100']) {
      expect(sanitizeEditorHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });
  it('blanks any other link address', () => {
    expect(sanitizeEditorHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href="">x</a>');
    expect(sanitizeEditorHtml('<a href="ftp://a.example">x</a>')).toBe('<a href="">x</a>');
  });
  it('keeps http, https and data image sources and empties others', () => {
    expect(sanitizeEditorHtml('<img src="https://a.example/i.png">')).toBe('<img src="https://a.example/i.png">');
    expect(sanitizeEditorHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA">');
    expect(sanitizeEditorHtml('<img src="javascript:alert(1)" onerror="x()">')).toBe('<img src="">');
  });
  it('keeps the toolbar formatting and drops scripts, styles and attributes', () => {
    const html =
      '<h1 class="x">T</h1><h2>a</h2><h3>b</h3><p><strong>b</strong><em>i</em><u>u</u></p><ol><li>1</li></ol><ul><li>2</li></ul>';
    expect(sanitizeEditorHtml(html)).toBe(
      '<h1>T</h1><h2>a</h2><h3>b</h3><p><strong>b</strong><em>i</em><u>u</u></p><ol><li>1</li></ol><ul><li>2</li></ul>',
    );
    expect(sanitizeEditorHtml('<p onclick="x()">a<script>bad()</script><style>p{}</style></p>')).toBe('<p>a</p>');
    expect(sanitizeEditorHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });
  it('treats a document without text or image as empty', () => {
    expect(isEmptyHtml('<p></p>')).toBe(true);
    expect(isEmptyHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isEmptyHtml('<p>a</p>')).toBe(false);
    expect(isEmptyHtml('<p><img src="https://a.example/i.png"></p>')).toBe(false);
  });
  it('accepts link prompts with allowed protocols only', () => {
    expect(isAllowedLink(' https://x.example ')).toBe(true);
    expect(isAllowedLink('javascript:1')).toBe(false);
  });
});

describe('headings on the wire (PROTOCOL §4.3 keeps h4 only)', () => {
  it('saves H1–H3 as h4 nested in 0–2 bare divs and opens each at its level again', () => {
    const saved = toWireHtml(sanitizeEditorHtml('<h1>One</h1><h2>Two</h2><h3>Three</h3><p>x</p>'));
    expect(saved).toBe('<h4>One</h4><div><h4>Two</h4></div><div><div><h4>Three</h4></div></div><p>x</p>');
    expect(sanitizeEditorHtml(fromWireHtml(saved))).toBe('<h1>One</h1><h2>Two</h2><h3>Three</h3><p>x</p>');
  });

  it("keeps the levels through the message sanitiser, whose allow-list is the server's", () => {
    const saved = toWireHtml('<h2><strong>Plan</strong></h2><h3>Details</h3>');
    expect(fromWireHtml(sanitizeMessageHtml(saved, 'http://localhost'))).toBe(
      '<h2><strong>Plan</strong></h2><h3>Details</h3>',
    );
  });

  it('opens a bare h4 of an older notice or another client as H1', () => {
    expect(fromWireHtml('<h4>Old</h4><p>text</p>')).toBe('<h1>Old</h1><p>text</p>');
  });
});
