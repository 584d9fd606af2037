// The profile menu in the header (SPEC §1): the person's photo and name, their accounts to switch
// between (personal first, then each company), their profile, and Sign out. It only reads the
// account stores (src/lib/stores/accounts.ts); Sign out is wired by the bootstrap ([data-logout]).
import { useStore } from '@nanostores/react';
import Avatar from '../../components/Avatar.tsx';
import Icon from '../../components/Icon.tsx';
import Menu, { MenuHeading, MenuLink, MenuList, MenuSeparator } from '../../components/Menu.tsx';
import { $accounts, $currentAccount } from '../../lib/stores/accounts.ts';
import { useHydrated } from '../../components/use-hydrated.ts';

export interface AccountMenuText {
  account: string;
  accountMenu: string;
  accounts: string;
  personalAccount: string;
  companyAccount: string;
  currentAccount: string;
  signOut: string;
}

interface Props {
  text: AccountMenuText;
}

export default function AccountMenu({ text }: Props) {
  // The stores may fill before this island hydrates; the first render matches the server's HTML.
  const hydrated = useHydrated();
  const storedAccounts = useStore($accounts);
  const storedCurrent = useStore($currentAccount);
  const accounts = hydrated ? storedAccounts : [];
  const current = hydrated ? storedCurrent : null;
  const name = current?.name ?? text.account;
  return (
    <Menu
      id="account-menu"
      buttonClassName="shell-account-button"
      buttonDescription={text.accountMenu}
      button={
        <>
          <Avatar name={current?.name ?? ''} src={current?.photoUrl} size="small" square={current?.kind === 'company'} />
          <span className="shell-account-name">{name}</span>
          <Icon name="chevron-down" className="shell-account-chevron" />
        </>
      }
      className="shell-account-menu"
    >
      {accounts.length > 0 ? (
        <>
          <MenuHeading>{text.accounts}</MenuHeading>
          <MenuList label={text.accounts}>
            {accounts.map((account) => (
              <MenuLink key={account.key} href={account.href} current={account.isCurrent} className="shell-account-entry">
                <Avatar name={account.name} src={account.photoUrl} square={account.kind === 'company'} />
                <span className="shell-account-entry-text">
                  <span className="shell-account-entry-name">{account.name}</span>
                  <span className="shell-account-entry-kind">
                    {account.kind === 'company' ? text.companyAccount : text.personalAccount}
                    {account.isCurrent ? ` ${text.currentAccount}` : ''}
                  </span>
                </span>
                {account.isCurrent ? <Icon name="check" className="shell-account-check" /> : null}
              </MenuLink>
            ))}
          </MenuList>
          <MenuSeparator />
        </>
      ) : null}
      <MenuList>
        <li>
          <button type="button" className="ui-menu-item" data-variant="danger" data-logout>
            <Icon name="logout" />
            {text.signOut}
          </button>
        </li>
      </MenuList>
    </Menu>
  );
}
