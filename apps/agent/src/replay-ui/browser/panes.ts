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

/** A stack: an error's shown as it is, a console message's caller frames folded away (they are many, and rarely read). */
function stackOf(line: ConsoleLine): HTMLElement {
  const pre = document.createElement('pre');
  pre.textContent = line.stack!;
  if (line.level === 'error') return pre;
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'Called from';
  details.append(summary, pre);
  return details;
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
    item.className = `line ${line.level}`;
    item.dataset.level = line.level;
    const at = button(clock(line.offset), 'secondary at', () => seek(line.offset));
    at.setAttribute('aria-label', `Go to ${clock(line.offset)}: ${line.level}`);
    item.append(at);
    const text = document.createElement('span');
    text.textContent = ` ${line.level}: ${line.text}`;
    item.append(text);
    if (line.stack) item.append(stackOf(line));
    list.append(item);
  }
}

/**
 * The pane's level filter: shows the lines of the chosen level (all when none is chosen) and
 * says how many are shown, in a polite live region.
 */
export function filterConsole(list: HTMLElement, select: HTMLSelectElement, count: HTMLElement): void {
  const apply = () => {
    const items = Array.from(list.querySelectorAll<HTMLLIElement>('li.line'));
    let shown = 0;
    for (const item of items) {
      item.hidden = select.value !== '' && item.dataset.level !== select.value;
      if (!item.hidden) shown++;
    }
    count.textContent = `${shown} of ${items.length} shown`;
  };
  select.addEventListener('change', apply);
  apply();
}

/** The next error after `now`, or the first when none is after it. */
export function nextError(marks: Mark[], now: number): Mark | undefined {
  const errors = marks.filter((m) => m.kind === 'error');
  return errors.find((m) => m.offset > now + 50) ?? errors[0];
}
