import { WORKBOOK_FELLOWSHIP } from '@sam/core';

/** Breadcrumb trails, kept in each route's `handle` (see routes.tsx). */
export type Crumb = { label: string; to: string };
export type RouteHandle = { crumbs: Crumb[] };

export const HOME: Crumb = { label: 'Home', to: '/' };
const PROGRAMS: Crumb = { label: 'Recovery Programs', to: '/recovery-programs' };
const SAA: Crumb = { label: WORKBOOK_FELLOWSHIP.initials, to: `/programs/${WORKBOOK_FELLOWSHIP.id}` };
const STEPS: Crumb = { label: '12 Steps', to: '/programs/saa/12-steps' };

/** Home > label. */
export function pageTrail(label: string, to: string): RouteHandle {
  return { crumbs: [HOME, { label, to }] };
}

export function programsTrail(): RouteHandle {
  return { crumbs: [HOME, PROGRAMS] };
}

/** Home > Recovery Programs > AA. */
export function programTrail(initials: string, slug: string): RouteHandle {
  return { crumbs: [HOME, PROGRAMS, { label: initials, to: `/programs/${slug}` }] };
}

/** Home > Recovery Programs > SAA > label, for a page of SAA's own (e.g. Sex Addiction). */
export function saaPageTrail(label: string, to: string): RouteHandle {
  return { crumbs: [HOME, PROGRAMS, SAA, { label, to }] };
}

export function stepListTrail(): RouteHandle {
  return { crumbs: [HOME, PROGRAMS, SAA, STEPS] };
}

/** Home > Recovery Programs > SAA > 12 Steps > Step N. */
export function stepTrail(step: number): RouteHandle {
  return {
    crumbs: [
      HOME,
      PROGRAMS,
      SAA,
      STEPS,
      { label: `Step ${step}`, to: `/programs/saa/12-steps/step-${step}` },
    ],
  };
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && Array.isArray((handle as RouteHandle).crumbs);
}

/** The trail of the deepest matched route that has one; the home page has just Home. */
export function crumbsOf(handles: readonly unknown[]): Crumb[] {
  return handles.filter(isRouteHandle).at(-1)?.crumbs ?? [HOME];
}

/** The current page's name, e.g. for feedback's "location in app". */
export function pageLabel(crumbs: readonly Crumb[]): string {
  return crumbs.at(-1)?.label ?? HOME.label;
}
