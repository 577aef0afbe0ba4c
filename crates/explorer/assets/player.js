// The shared player: play, pause, step forward and back, speed, jump to
// start and end, keyboard shortcuts, and the step kept in the URL.
//
// A view hands it the number of steps and a `show(step)` callback; the
// player owns the position and calls `show` whenever it changes. Step 0 is
// before the first event, step `total` after the last (`step=end` in the URL).

import { html } from './svg.js';

// Events per second for each position of the speed slider.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000];

export class Player {
  constructor(container, { total, show, initialStep = 0 }) {
    this.total = total;
    this.show = show;
    this.step = clampStep(initialStep, total);
    this.playing = false;
    this.timer = null;
    this.speedIndex = 3;
    this.build(container);
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
    this.render();
  }

  build(container) {
    const button = (name, label, title, action) => {
      const element = html('button', { type: 'button', class: 'control', 'data-control': name, title, 'aria-label': title, text: label });
      element.addEventListener('click', action);
      return element;
    };
    this.playButton = button('play', '▶ play', 'play (space)', () => this.toggle());
    this.position = html('span', { class: 'position', 'data-testid': 'position' });
    this.slider = html('input', { type: 'range', min: 0, max: this.total, value: this.step, class: 'scrub', 'aria-label': 'step' });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.speed = html('input', { type: 'range', min: 0, max: SPEEDS.length - 1, value: this.speedIndex, class: 'speed', 'aria-label': 'speed' });
    this.speedLabel = html('span', { class: 'speed-label' });
    this.speed.addEventListener('input', () => {
      this.speedIndex = Number(this.speed.value);
      this.render();
      if (this.playing) { this.pause(); this.play(); }
    });
    this.element = html('div', { class: 'player' }, [
      button('start', '|◀', 'jump to start (Home)', () => this.go(0)),
      button('back', '◀ step', 'step back (←)', () => this.go(this.step - 1)),
      this.playButton,
      button('forward', 'step ▶', 'step forward (→)', () => this.go(this.step + 1)),
      button('end', '▶|', 'jump to end (End)', () => this.go(this.total)),
      this.position,
      this.slider,
      html('label', { class: 'speed-box' }, ['speed ', this.speed, this.speedLabel]),
    ]);
    container.replaceChildren(this.element);
  }

  destroy() {
    this.pause();
    document.removeEventListener('keydown', this.onKey);
  }

  key(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type !== 'range') return;
    if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = {
      ' ': () => this.toggle(),
      ArrowRight: () => this.go(this.step + (event.shiftKey ? 10 : 1)),
      ArrowLeft: () => this.go(this.step - (event.shiftKey ? 10 : 1)),
      Home: () => this.go(0),
      End: () => this.go(this.total),
    };
    const action = moves[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.step >= this.total) this.step = 0;
    this.playing = true;
    let last = performance.now();
    let owed = 0;
    const tick = (now) => {
      if (!this.playing) return;
      owed += ((now - last) / 1000) * SPEEDS[this.speedIndex];
      last = now;
      const whole = Math.floor(owed);
      if (whole > 0) {
        owed -= whole;
        this.step = Math.min(this.total, this.step + whole);
        this.render();
        if (this.step >= this.total) { this.pause(); return; }
      }
      this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
    this.render();
  }

  pause() {
    this.playing = false;
    if (this.timer !== null) cancelAnimationFrame(this.timer);
    this.timer = null;
    this.render();
  }

  go(step) {
    this.step = clampStep(step, this.total);
    this.render();
  }

  render() {
    this.playButton.textContent = this.playing ? '▮▮ pause' : '▶ play';
    this.playButton.title = this.playing ? 'pause (space)' : 'play (space)';
    this.position.textContent = `step ${this.step} / ${this.total}`;
    this.slider.value = String(this.step);
    this.speedLabel.textContent = ` ${SPEEDS[this.speedIndex]}/s`;
    this.show(this.step, this.playing);
    // The URL says which step is shown, so the link can be shared; not on
    // every frame of play, which would flood the history API.
    if (!this.playing) setUrlParam('step', this.step === this.total && this.total > 0 ? 'end' : String(this.step));
  }
}

// `step` from the URL: a number or `end`.
export function stepFromUrl(total) {
  const text = new URLSearchParams(location.search).get('step');
  if (text === 'end') return total;
  const number = Number.parseInt(text ?? '0', 10);
  return Number.isFinite(number) ? number : 0;
}

function clampStep(step, total) {
  return Math.max(0, Math.min(total, Math.trunc(step)));
}

// Replaces one parameter of the URL without a new history entry.
export function setUrlParam(name, value) {
  const url = new URL(location.href);
  if (value === null || value === undefined || value === '') url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  if (url.href !== location.href) history.replaceState(null, '', url);
}
