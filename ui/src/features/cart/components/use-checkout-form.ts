//! State of the checkout form: which address (a saved one or a new one), the tax invoice, the
//! payment method, the errors next to fields (the client rules once a submit was tried, then the
//! server's answer by field) and one form-level message. `submit` validates, focuses the first
//! field in error, and runs the placing once at a time.
import { useRef, useState } from 'react';
import type { Address, PaymentMethod, VatInfo } from '../../../api/types';
import { websitedata } from '../../../lib/website-data';
import type { CheckoutField, Problem } from '../checkout-errors';
import { addressBody, HEAD_OFFICE_BRANCH, validateAddress, validateVatInfo, vatInfoBody } from '../checkout-rules';

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
export type CheckoutChoices = { address: Address; vatInfo: VatInfo | null; payment: PaymentMethod; email: string };

/** The same plausibility check as the server: something@domain.tld, no spaces. */
export function validEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.][^\s@]*$/.test(text.trim()) && !text.trim().endsWith('.');
}

export const EMPTY_ADDRESS: Address = { name: '', phone: '', line1: '', district: '', province: '', postcode: '' };

export function useCheckoutForm(user: CheckoutUser, provinceKeys: ReadonlySet<string> | null) {
  const saved = user.addInfo;
  const [choice, setChoice] = useState<AddressChoice>(saved.length > 0 ? 0 : 'new');
  const [address, setAddress] = useState<Address>({ ...EMPTY_ADDRESS, name: user.name, phone: user.phone });
  const [vatWanted, setVatWanted] = useState(false);
  const [vat, setVat] = useState<VatInfo>(user.vatInfo ?? { name: '', taxId: '', branch: HEAD_OFFICE_BRANCH, address: '' });
  const [email, setEmailValue] = useState(user.email ?? '');
  const [payment, setPayment] = useState<PaymentMethod>(() => websitedata.get().paymentMethods[0] ?? 'promptpay');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CheckoutField, Problem>>>({});
  const [formError, setFormError] = useState<Problem | null>(null);
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);

  const newAddress = choice === 'new' || !saved[choice];
  const addressErrors = attempted && newAddress ? validateAddress(address, provinceKeys) : {};
  const vatErrors = attempted && vatWanted ? validateVatInfo(vat) : {};

  const emailError = attempted && email.trim() !== '' && !validEmail(email);
  const errorOf = (field: CheckoutField): Problem | null => {
    if (field === 'email' && emailError) return { key: 'checkout.emailInvalid' };
    const [group, name] = field.split('.') as [string, string];
    const local =
      group === 'address' ? addressErrors[name as keyof Address] : group === 'vatInfo' ? vatErrors[name as keyof VatInfo] : undefined;
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
    const onScreen = field && (field === 'email' || (field.startsWith('address.') ? newAddress : field.startsWith('vatInfo.') ? vatWanted : false));
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
      ...Object.keys(newAddress ? validateAddress(address, provinceKeys) : {}).map((f) => `address.${f}`),
      ...Object.keys(vatWanted ? validateVatInfo(vat) : {}).map((f) => `vatInfo.${f}`),
      ...(email.trim() !== '' && !validEmail(email) ? ['email'] : []),
    ];
    const order = ['email', 'address.name', 'address.phone', 'address.line1', 'address.district', 'address.province', 'address.postcode', 'vatInfo.name', 'vatInfo.taxId', 'vatInfo.branch', 'vatInfo.address'];
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
      await place({ address: addressBody(chosen), vatInfo: vatWanted ? vatInfoBody(vat) : null, payment, email: email.trim() });
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  // "Please correct the marked fields" goes once nothing is marked any more.
  const marked = Object.keys(addressErrors).length + Object.keys(vatErrors).length + (emailError ? 1 : 0) > 0;
  const shownFormError = formError?.key === 'checkout.errFixFields' && !marked ? null : formError;

  return {
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
