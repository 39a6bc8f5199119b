import { type ConsoleLine, type Mark, clock } from './events.ts';

/**
 * The parts around rrweb-player: the timeline's markers (buttons placed along the session's
 * length, so a keyboard reaches each) and the console pane. Each seeks the player on activation.
 * Built with DOM calls and textContent: recorded text is never parsed as HTML.
 */

type Seek = (offset: number) => void;

function button(text: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

export function fillTimeline(timeline: HTMLElement, marks: Mark[], total: number, seek: Seek): void {
  for (const mark of marks) {
    const b = button('', `mark ${mark.kind}`, () => seek(mark.offset));
    b.setAttribute('aria-label', `${mark.label} at ${clock(mark.offset)}`);
    b.title = `${mark.label} at ${clock(mark.offset)}`;
    b.dataset.kind = mark.kind;
    // Set through the CSSOM, which the page's CSP allows (it would refuse a style attribute in markup).
    b.style.left = `${total > 0 ? (mark.offset / total) * 100 : 0}%`;
    timeline.append(b);
  }
}

export function fillConsole(list: HTMLElement, lines: ConsoleLine[], seek: Seek): void {
  if (lines.length === 0) {
    const empty = document.createElement('li');
    empty.textContent = 'No console messages or errors were recorded.';
    list.append(empty);
    return;
  }
  for (const line of lines) {
    const item = document.createElement('li');
    item.className = `line ${line.level === 'error' ? 'error' : ''}`;
    item.dataset.level = line.level;
    item.append(button(clock(line.offset), 'secondary at', () => seek(line.offset)));
    const text = document.createElement('span');
    text.textContent = ` ${line.level}: ${line.text}`;
    item.append(text);
    if (line.stack) {
      const pre = document.createElement('pre');
      pre.textContent = line.stack;
      item.append(pre);
    }
    list.append(item);
  }
}

/** The next error after `now`, or the first when none is after it. */
export function nextError(marks: Mark[], now: number): Mark | undefined {
  const errors = marks.filter((m) => m.kind === 'error');
  return errors.find((m) => m.offset > now + 50) ?? errors[0];
}
