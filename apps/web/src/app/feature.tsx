import type { Resource } from '@opsuite/shared/rules/permissions';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import type { MenuEntry } from './menu';
import { AdminLanding, RequireAbility } from './route-guards';
import type { Slots } from './slots';

// How a feature plugs into the app shell: it declares a Feature (its routes and sidebar entries)
// in <name>.feature.ts, its index.ts re-exports it, and app/router.tsx lists the features; a new
// module adds one line there. index.ts only re-exports, and apps/web/package.json says only CSS
// has side effects: the bundler then leaves what other features import from an index.ts (the
// contact picker) out of the router's first load, and keeps the shell in one entry chunk (an
// index.ts that also declared its Feature split that chunk in six).

type Page = LazyExoticComponent<ComponentType>;

/** A sidebar entry of a feature; `order` places it among every feature's entries (ascending). */
export interface FeatureMenuEntry extends MenuEntry {
  order: number;
}

export interface Feature {
  name: string;
  routes?: {
    /** Sign-in screens: a signed-in user is sent to their landing page instead. */
    signedOut?: RouteObject[];
    /** Pages inside the signed-in frame (top bar and sidebar). */
    signedIn?: RouteObject[];
    /** Pages open to every visitor, signed in or not, outside the frame. */
    open?: RouteObject[];
  };
  menu?: FeatureMenuEntry[];
  /** What the feature shows on other features' screens (app/slots.tsx). */
  slots?: Partial<Slots>;
}

/** Route pages load on demand so the first paint only carries the shell. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export function Lazy({ page: Component, fullScreen = false }: { page: Page; fullScreen?: boolean }) {
  return (
    <Suspense fallback={<LoadingSpinner fullScreen={fullScreen} />}>
      <Component />
    </Suspense>
  );
}

export interface PageAccess {
  /** The page shows only when the role may read this resource. */
  resource?: Resource;
  /** ...and the user is an admin. */
  adminOnly?: boolean;
  /** The admin landing (`/`): other user types are sent to their own landing page. */
  adminLanding?: boolean;
  /** The loading spinner fills the screen (pages outside the signed-in frame). */
  fullScreen?: boolean;
}

/**
 * One route whose page is a chunk of its own, behind the guards `access` names. `where` is a path
 * or `{ index: true }` for the frame's index route.
 */
export function pageRoute<K extends string>(
  where: string | { index: true },
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  access: PageAccess = {},
): RouteObject {
  let element = <Lazy page={lazyPage(load, name)} fullScreen={access.fullScreen} />;
  if (access.resource) {
    element = (
      <RequireAbility resource={access.resource} adminOnly={access.adminOnly}>
        {element}
      </RequireAbility>
    );
  }
  if (access.adminLanding) element = <AdminLanding>{element}</AdminLanding>;
  return typeof where === 'string' ? { path: where, element } : { index: true, element };
}

/** Every feature's sidebar entries, in order. */
export function menuOf(features: readonly Feature[]): FeatureMenuEntry[] {
  return features.flatMap((feature) => feature.menu ?? []).sort((a, b) => a.order - b.order);
}
