// The guides' flags are kept per account (issue 34): each key of spec §9 (Hbl_payment_subvisible, …)
// is stored with the tenant and the user after it (Hbl_payment_subvisible@1000.1001), so on a shared
// computer one account's 不再自动弹出 is not another's. They stay in local storage, which signing out
// leaves alone: an account finds its choices again after signing out and in (the guides keep nothing
// on the server).
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Whose flags: the tenant and the user. */
export const accountOf = (user: { tenantId?: number | string | null; userId?: number | string | null }): string => `${user.tenantId ?? ""}.${user.userId ?? ""}`;

/** The stored key of a guide flag for an account. */
export const accountKey = (key: string, account: string): string => `${key}@${account}`;

/** `storage` seen through one account's keys. */
export function accountStorage(storage: Store, account: string): Store {
  return {
    getItem: (key) => storage.getItem(accountKey(key, account)),
    setItem: (key, value) => storage.setItem(accountKey(key, account), value),
    removeItem: (key) => storage.removeItem(accountKey(key, account)),
  };
}
