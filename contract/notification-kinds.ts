// The kinds of notification, without the schema library, so every page's first script (the
// library texts) may name them.

/**
 * Every kind of notification a feature may create. A feature adding a kind adds it here (and its
 * text to the notifications dictionaries); the writer refuses kinds it does not know.
 */
export const notificationKinds = [
  'endorsement',
  'recommendation_received',
  'recommendation_accepted',
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
  'join_request',
  'join_request_accepted',
  'join_request_declined',
  'confirmation_requested',
  'confirmation_declined',
  'confirmation_accepted',
  'member_joined',
  'member_left',
  // An owner or admin changed the person's role in a company; the subject's
  // name is the new role ('admin' or 'member'), which each reader names in its own language.
  'role_changed',
  'hired',
  'employment_changed',
  'review_received',
  'left_company',
  'achievement_unlocked',
  'comment',
  'reply',
  'like',
  // A company's verified domain lapsed (its proof was gone through the grace period) or another
  // company proved it and took it over (decision 248); the subject's name is the domain.
  'domain_lapsed',
  'domain_taken_over',
  // The company moved the person's application to an opening to rejected, or made them an offer
  // (decision 262); the subject is the application, its name the opening's title.
  'application_rejected',
  'application_offer',
  // The company wrote in the conversation of the person's application (decision 271).
  'application_message',
  // The applicant wrote in their application's conversation: a company notification for the owners and
  // admins who may see applicants (decision 271), never for a plain member.
  'application_message_received',
  // The owner switched on the company's rule that owners and admins sign in with two-step; a
  // personal notice to each other owner and admin, since those without two-step can no
  // longer enter the workspace to read a company notice.
  'two_step_rule_on',
] as const;
