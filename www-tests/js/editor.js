// The text editor: a textarea over a backdrop that mirrors its text, so an error can
// be underlined at its exact character position without a rich-text editor.

const SPACE = /[ \t\r\n]/;

const escape = (s) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);

export class Editor {
  constructor(textarea, backdrop) {
    this.textarea = textarea;
    this.backdrop = backdrop;
    textarea.addEventListener('scroll', () => {
      backdrop.scrollTop = textarea.scrollTop;
      backdrop.scrollLeft = textarea.scrollLeft;
    });
    this.mark(null);
  }

  get text() {
    return this.textarea.value;
  }

  set text(value) {
    this.textarea.value = value;
    this.mark(null);
  }

  /**
   * Underlines the token that starts at `offset` (UTF-16 units, as the engine reports
   * them, which is also how JavaScript indexes strings): up to the next whitespace, at
   * least one character; a gap at the end when the error is at the end of the input.
   */
  mark(offset) {
    const text = this.textarea.value;
    if (offset == null || offset < 0 || offset > text.length) {
      // The trailing space keeps the backdrop as tall as the textarea after a newline.
      this.backdrop.innerHTML = escape(text) + ' ';
      return;
    }
    let end = offset;
    while (end < text.length && !SPACE.test(text[end])) end++;
    if (end === offset && offset < text.length) end = offset + 1; // a whitespace char
    const marked = end > offset ? escape(text.slice(offset, end)) : '&nbsp;';
    this.backdrop.innerHTML = `${escape(text.slice(0, offset))}<mark class="error" data-offset="${offset}">${marked}</mark>${escape(text.slice(end))} `;
    this.backdrop.scrollTop = this.textarea.scrollTop;
  }
}
