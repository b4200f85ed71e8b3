//! State of the checkout form: the guest's contact (shoppers without an account), which address
//! (a saved one or a new one), the tax invoice, the payment method, the errors next to fields
//! (the client rules once a submit was tried, then the server's answer by field) and one
//! form-level message. `submit` validates, focuses the first field in error, and runs the
//! placing once at a time.
import { useRef, useState } from 'react';
import type { Address, Contact, PaymentMethod, VatInfo } from '../../../api/types';
import { websitedata } from '../../../lib/website-data';
import type { CheckoutField, Problem } from '../checkout-errors';
import { addressBody, HEAD_OFFICE_BRANCH, validateAddress, validateVatInfo, vatInfoBody } from '../checkout-rules';
import { contactBody, EMPTY_CONTACT, validateContact, validEmail } from '../guest-checkout';

export type CheckoutUser = {
  id: string | number;
  name: string;
  phone: string;
  addInfo: Address[];
  vatInfo: VatInfo | null;
  /** Where order mail goes, prefilled; may be empty. */
  email?: string;
};

export type AddressChoice = number | 'new';
export type CheckoutChoices = { address: Address; vatInfo: VatInfo | null; payment: PaymentMethod; email: string; contact: Contact | null };

export { validEmail };

export const EMPTY_ADDRESS: Address = { name: '', phone: '', line1: '', district: '', province: '', postcode: '' };

/** `user` is null for a guest: then the contact is asked for, and it prefills the recipient. */
export function useCheckoutForm(user: CheckoutUser | null, provinceKeys: ReadonlySet<string> | null) {
  const guest = user === null;
  const saved = user?.addInfo ?? [];
  const [choice, setChoice] = useState<AddressChoice>(saved.length > 0 ? 0 : 'new');
  const [address, setAddress] = useState<Address>({ ...EMPTY_ADDRESS, name: user?.name ?? '', phone: user?.phone ?? '' });
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT);
  const [vatWanted, setVatWanted] = useState(false);
  const [vat, setVat] = useState<VatInfo>(user?.vatInfo ?? { name: '', taxId: '', branch: HEAD_OFFICE_BRANCH, address: '' });
  const [email, setEmailValue] = useState(user?.email ?? '');
  const [payment, setPayment] = useState<PaymentMethod>(() => websitedata.get().paymentMethods[0] ?? 'promptpay');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CheckoutField, Problem>>>({});
  const [formError, setFormError] = useState<Problem | null>(null);
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);

  const newAddress = choice === 'new' || !saved[choice];
  const addressErrors = attempted && newAddress ? validateAddress(address, provinceKeys) : {};
  const vatErrors = attempted && vatWanted ? validateVatInfo(vat) : {};
  const contactErrors = attempted && guest ? validateContact(contact) : {};

  const emailError = !guest && attempted && email.trim() !== '' && !validEmail(email);
  const errorOf = (field: CheckoutField): Problem | null => {
    if (field === 'email' && emailError) return { key: 'checkout.emailInvalid' };
    const [group, name] = field.split('.') as [string, string];
    const local =
      group === 'address'
        ? addressErrors[name as keyof Address]
        : group === 'vatInfo'
          ? vatErrors[name as keyof VatInfo]
          : group === 'contact'
            ? contactErrors[name as keyof Contact]
            : undefined;
    return local ? { key: local } : (serverErrors[field] ?? null);
  };

  const clearServerError = (field: CheckoutField) =>
    setServerErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const setAddressField = (field: keyof Address, value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    clearServerError(`address.${field}`);
  };

  /** A guest's contact; the recipient's name and phone follow it while they are the same. */
  const setContactField = (field: keyof Contact, value: string) => {
    const before = contact[field];
    setContact((current) => ({ ...current, [field]: value }));
    clearServerError(`contact.${field}`);
    if (field === 'name' || field === 'phone') {
      setAddress((current) => (current[field] === before ? { ...current, [field]: value } : current));
    }
  };

  const setEmail = (value: string) => {
    setEmailValue(value);
    clearServerError('email');
  };

  const setVatField = (field: keyof VatInfo, value: string) => {
    setVat((current) => ({ ...current, [field]: value }));
    clearServerError(`vatInfo.${field}`);
  };

  const focusField = (field: string) => {
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`form [name="${field}"]`)?.focus());
  };

  /** A problem the server named: next to its field when the field is on screen, else above the form. */
  const showProblem = (problem: Problem) => {
    const field = problem.field;
    const onScreen =
      field &&
      (field === 'email' ||
        (field.startsWith('contact.') ? guest : field.startsWith('address.') ? newAddress : field.startsWith('vatInfo.') ? vatWanted : false));
    if (field && onScreen) {
      setServerErrors((current) => ({ ...current, [field]: problem }));
      focusField(field);
      return;
    }
    if (field?.startsWith('address.')) setFormError({ key: 'checkout.errInvalidAddress' });
    else if (field?.startsWith('vatInfo.')) setFormError({ key: 'checkout.errInvalidVat' });
    else if (!field) setFormError(problem);
  };

  const submit = async (event: Event, place: (choices: CheckoutChoices) => Promise<void>) => {
    event.preventDefault();
    if (busy.current) return;
    setAttempted(true);
    const fieldErrors = [
      ...Object.keys(guest ? validateContact(contact) : {}).map((f) => `contact.${f}`),
      ...Object.keys(newAddress ? validateAddress(address, provinceKeys) : {}).map((f) => `address.${f}`),
      ...Object.keys(vatWanted ? validateVatInfo(vat) : {}).map((f) => `vatInfo.${f}`),
      ...(!guest && email.trim() !== '' && !validEmail(email) ? ['email'] : []),
    ];
    const order = ['contact.name', 'contact.phone', 'contact.email', 'email', 'address.name', 'address.phone', 'address.line1', 'address.district', 'address.province', 'address.postcode', 'vatInfo.name', 'vatInfo.taxId', 'vatInfo.branch', 'vatInfo.address'];
    const first = order.find((field) => fieldErrors.includes(field));
    if (first) {
      setFormError({ key: 'checkout.errFixFields' });
      focusField(first);
      return;
    }
    busy.current = true;
    setPlacing(true);
    setFormError(null);
    setServerErrors({});
    try {
      const chosen = newAddress ? address : saved[choice as number]!;
      await place({
        address: addressBody(chosen),
        vatInfo: vatWanted ? vatInfoBody(vat) : null,
        payment,
        email: guest ? '' : email.trim(),
        contact: guest ? contactBody(contact) : null,
      });
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  // "Please correct the marked fields" goes once nothing is marked any more.
  const marked =
    Object.keys(addressErrors).length + Object.keys(vatErrors).length + Object.keys(contactErrors).length + (emailError ? 1 : 0) > 0;
  const shownFormError = formError?.key === 'checkout.errFixFields' && !marked ? null : formError;

  return {
    guest,
    contact,
    setContactField,
    saved,
    choice,
    setChoice: (next: AddressChoice) => {
      setChoice(next);
      setFormError(null);
    },
    newAddress,
    address,
    setAddressField,
    email,
    setEmail,
    vatWanted,
    setVatWanted,
    vat,
    setVatField,
    payment,
    setPayment,
    errorOf,
    formError: shownFormError,
    setFormError,
    showProblem,
    placing,
    submit,
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
