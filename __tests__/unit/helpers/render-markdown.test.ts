import { expect, test } from '@jest/globals';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';

test('renders GFM: a table, emphasis, a link', () => {
  const html = renderHtml('| a | b |\n|---|---|\n| *x* | [y](https://e.example) |\n');
  expect(html).toContain('<table>');
  expect(html).toContain('<em>x</em>');
  expect(html).toContain('<a href="https://e.example">y</a>');
});

test('visible text decodes entities once, as a browser shows them', () => {
  expect(visibleText('it&#39;s &amp;#39; &lt;b&gt;')).toBe("it's &#39; <b>");
});
