/** What other features use from home: they import it from here, never its files. */
export { HomePage } from './HomePage.tsx';
export { SmallExploreCards } from './SmallExploreCards.tsx';
