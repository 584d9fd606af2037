// The accounts the profile menu offers (SPEC §1: one person, a personal account and the companies
// they belong to). The shell only reads these stores; features fill them:
// - the shell's own step fills the personal account (`loadPersonalAccount`, below);
// - the company workspace calls `setCompanyAccounts` with each company the person
//   belongs to, each with the `href` that starts the switch to it.
import { atom, computed } from 'nanostores';

export type AccountKind = 'personal' | 'company';

/** One entry of the profile menu's account list. */
export interface Account {
  /** Unique across kinds, e.g. 'personal' or 'company-7'. */
  key: string;
  kind: AccountKind;
  /** The person's full name, or the company's name. */
  name: string;
  photoUrl: string | null;
  /** Where choosing this account goes (a page that starts the switch for a company). */
  href: string;
  /** The account this page belongs to. */
  isCurrent: boolean;
}

/** The signed-in person's own account; null until known. */
export const $personalAccount = atom<Account | null>(null);

/** The companies the person belongs to, in the order the menu lists them. */
export const $companyAccounts = atom<readonly Account[]>([]);

/** Every account of the person: personal first, then companies. */
export const $accounts = computed([$personalAccount, $companyAccounts], (personal, companies): readonly Account[] =>
  personal ? [personal, ...companies] : companies,
);

/** The account the page belongs to (the personal one unless a company page says otherwise). */
export const $currentAccount = computed($accounts, (accounts) => accounts.find((account) => account.isCurrent) ?? accounts[0] ?? null);

export function setPersonalAccount(account: Omit<Account, 'key' | 'kind'>): void {
  $personalAccount.set({ ...account, key: 'personal', kind: 'personal' });
}

export function setCompanyAccounts(companies: readonly Omit<Account, 'kind'>[]): void {
  $companyAccounts.set(companies.map((company) => ({ ...company, kind: 'company' })));
}

/** The personal account from the person's own names and photo. */
export function setPersonalFromProfile(own: { first_name: string; last_name: string; photo_url: string | null }, homeHref: string): void {
  const isCurrent = $companyAccounts.get().every((company) => !company.isCurrent);
  setPersonalAccount({ name: `${own.first_name} ${own.last_name}`.trim(), photoUrl: own.photo_url, href: homeHref, isCurrent });
}

/**
 * Fills the personal account from the own profile (name) and its extra record (photo). Loaded on
 * demand: the profile calls bring the contract's schemas, which a page's first script must not pay for.
 * The own profile page fills it from the page it reads instead (src/lib/stores/profile.ts).
 */
export async function loadPersonalAccount(homeHref: string): Promise<void> {
  const { fetchProfile, fetchProfileExtra } = await import('../api/profile-api.ts');
  const [profile, extra] = await Promise.all([fetchProfile(), fetchProfileExtra().catch(() => null)]);
  setPersonalFromProfile({ ...profile, photo_url: extra?.photo_url ?? null }, homeHref);
}
