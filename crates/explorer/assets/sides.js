// Views side by side (the sliding-tiles and Ripple Effect views' two
// searchers), stepped together: as many steps as the longest.

export class Sides {
  constructor(views) {
    this.views = views;
    this.total = Math.max(...views.map((view) => view.total));
    this.element = document.createDocumentFragment();
    this.element.append(...views.map((view) => view.element));
  }

  show(step, playing) {
    for (const view of this.views) view.show(step, playing);
  }

  destroy() {
    for (const view of this.views) view.destroy?.();
  }
}
