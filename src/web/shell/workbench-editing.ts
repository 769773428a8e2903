// spec §4: "before each navigation the workbench editing flag resets to false". The workbench sets
// it while its layout is being edited (the advert banner hides meanwhile); the guard clears it.
import { createValueStore, useValueStore } from "./store.ts";

export const workbenchEditingStore = createValueStore<boolean>(false);

export const setWorkbenchEditing = (value: boolean): void => workbenchEditingStore.set(value);
export const useWorkbenchEditing = (): boolean => useValueStore(workbenchEditingStore);
