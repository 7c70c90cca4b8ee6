import { ChatEntry } from '@/features/chat/components/chat-entry';
import { ContactPage } from '@/features/contact/components/contact-page';

/** /contact: the contact details with the guest's chat. */
export function GuestContactPage() {
  return <ContactPage chat={<ChatEntry />} />;
}

/** /user/contact: the same for a member, whose chat is tied to the profile. */
export function MemberContactPage() {
  return <ContactPage isMember chat={<ChatEntry />} />;
}
