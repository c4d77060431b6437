/** English strings of strings shared by every screen (the `common` section of the namespace). */
export const commonEn = {
  save: 'Save',
  saving: 'Saving…',
  reset: 'Discard changes',
  saved: 'Saved.',
  saveFailed: 'Could not save: {{message}}',
  unsaved: 'Unsaved changes',
  readOnly: 'You can see these settings but not change them.',
  notAvailable: 'This part is not available on this server yet.',
  /** The address field of every invitation (shared/invite/InviteEmailField.tsx). */
  invite: {
    email: 'E-mail address',
    emailInvalid: 'Type a whole e-mail address.',
    sent: 'Invitation sent to {{email}}.',
    checking: 'Checking the address…',
  },
  /** The product's roles by their server names (shared/roleLabel.ts). */
  roles: {
    Developer: 'Developer',
    Administrator: 'Administrator',
    Manager: 'Manager',
    Creator: 'Creator',
    Reviewer: 'Reviewer',
    Viewer: 'Viewer',
  },
  /** The display name of a workspace or a template (shared/displayName.ts). */
  displayNameRequired: 'Give the workspace a name.',
  displayNameTooLong: 'At most {{max}} characters.',
};
