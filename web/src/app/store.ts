import { createStore } from 'jotai';

/**
 * The app's one jotai store. It is created here rather than inside the Provider so code outside
 * React (the API client's token lookup) reads the same atoms the components do.
 */
export const appStore = createStore();
