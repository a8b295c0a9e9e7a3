/** Contacts and conversations (PROTOCOL §3): the contact set, the conversation list, preferences. */
export { createContactSet, type ContactSet } from './contact-set';
