import Decimal from 'decimal.js';
import type { ZatcaAddress, ZatcaInvoiceInput, ZatcaParty, ZatcaTaxSubtotal } from './types';

/**
 * An invoice, credit note or debit note as UBL 2.1 with ZATCA's fields (pure). The document it writes is UNSIGNED:
 * no ext:UBLExtensions, no QR reference, no cac:Signature. sign.ts inserts those three blocks at the two places
 * marked below without adding any whitespace around them, so removing them again (what the invoice hash does,
 * hash.ts) gives back these exact bytes: the hash of this text is the hash of the signed document.
 * Layout (indentation) is fixed here once; nothing re-serialises the document after it is hashed.
 */
export const UBL_NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
const TYPE_CODE = { invoice: '388', credit: '381', debit: '383' } as const;
const TYPE_NAME = { standard: '0100000', simplified: '0200000' } as const;
/** Where sign.ts puts the QR reference and cac:Signature: right before the seller. */
export const SIGNATURE_ANCHOR = '<cac:AccountingSupplierParty>';

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An element with text, or nothing when the value is empty (optional fields stay out). */
const el = (indent: string, name: string, value: string | null | undefined, attrs = '') =>
  value === null || value === undefined || value === '' ? '' : `\n${indent}<${name}${attrs}>${esc(value)}</${name}>`;

function address(a: ZatcaAddress, i: string): string {
  return `\n${i}<cac:PostalAddress>` +
    el(i + '    ', 'cbc:StreetName', a.street) +
    el(i + '    ', 'cbc:AdditionalStreetName', a.additionalStreet) +
    el(i + '    ', 'cbc:BuildingNumber', a.buildingNumber) +
    el(i + '    ', 'cbc:PlotIdentification', a.additionalNumber) +
    el(i + '    ', 'cbc:CitySubdivisionName', a.district) +
    el(i + '    ', 'cbc:CityName', a.city) +
    el(i + '    ', 'cbc:PostalZone', a.postalCode) +
    `\n${i}    <cac:Country>\n${i}        <cbc:IdentificationCode>${esc(a.country)}</cbc:IdentificationCode>\n${i}    </cac:Country>` +
    `\n${i}</cac:PostalAddress>`;
}

function party(tag: string, p: ZatcaParty, seller: boolean): string {
  const i = '            ';
  // the seller names its CRN; a buyer without a VAT number may be known by its CRN, a buyer abroad by its own tax number
  const ident = (scheme: string, v: string) => `\n${i}<cac:PartyIdentification>\n${i}    <cbc:ID schemeID="${scheme}">${esc(v)}</cbc:ID>\n${i}</cac:PartyIdentification>`;
  const id = p.crNumber && (seller || !p.vatNumber) ? ident('CRN', p.crNumber) : !seller && p.otherId ? ident('OTH', p.otherId) : '';
  return `\n    <${tag}>\n        <cac:Party>` + id + address(p.address, i) +
    `\n${i}<cac:PartyTaxScheme>` + el(i + '    ', 'cbc:CompanyID', p.vatNumber) +
    `\n${i}    <cac:TaxScheme>\n${i}        <cbc:ID>VAT</cbc:ID>\n${i}    </cac:TaxScheme>\n${i}</cac:PartyTaxScheme>` +
    `\n${i}<cac:PartyLegalEntity>\n${i}    <cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>\n${i}</cac:PartyLegalEntity>` +
    `\n        </cac:Party>\n    </${tag}>`;
}

const taxCategory = (i: string, tag: string, s: Pick<ZatcaTaxSubtotal, 'category' | 'percent' | 'exemptionCode' | 'exemptionReason'>) =>
  `\n${i}<${tag}>\n${i}    <cbc:ID schemeID="UN/ECE 5305" schemeAgencyID="6">${s.category}</cbc:ID>\n${i}    <cbc:Percent>${s.percent}</cbc:Percent>` +
  el(i + '    ', 'cbc:TaxExemptionReasonCode', s.exemptionCode) + el(i + '    ', 'cbc:TaxExemptionReason', s.exemptionReason) +
  `\n${i}    <cac:TaxScheme>\n${i}        <cbc:ID schemeID="UN/ECE 5153" schemeAgencyID="6">VAT</cbc:ID>\n${i}    </cac:TaxScheme>\n${i}</${tag}>`;

export function invoiceXml(inv: ZatcaInvoiceInput): string {
  const cur = ` currencyID="${esc(inv.currency)}"`;
  const amt = (i: string, name: string, v: string) => `\n${i}<${name}${cur}>${v}</${name}>`;
  const t = inv.totals;
  let x = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="${UBL_NS.inv}" xmlns:cac="${UBL_NS.cac}" xmlns:cbc="${UBL_NS.cbc}" xmlns:ext="${UBL_NS.ext}">`;
  x += `\n    <cbc:ProfileID>reporting:1.0</cbc:ProfileID>` +
    el('    ', 'cbc:ID', inv.number) + el('    ', 'cbc:UUID', inv.uuid) +
    el('    ', 'cbc:IssueDate', inv.issueDate) + el('    ', 'cbc:IssueTime', inv.issueTime) +
    `\n    <cbc:InvoiceTypeCode name="${TYPE_NAME[inv.profile]}">${TYPE_CODE[inv.kind]}</cbc:InvoiceTypeCode>` +
    el('    ', 'cbc:Note', inv.note) +
    el('    ', 'cbc:DocumentCurrencyCode', inv.currency) + `\n    <cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>`;
  if (inv.billingReference)
    x += `\n    <cac:BillingReference>\n        <cac:InvoiceDocumentReference>\n            <cbc:ID>${esc(inv.billingReference.number)}</cbc:ID>\n        </cac:InvoiceDocumentReference>\n    </cac:BillingReference>`;
  x += `\n    <cac:AdditionalDocumentReference>\n        <cbc:ID>ICV</cbc:ID>\n        <cbc:UUID>${inv.icv}</cbc:UUID>\n    </cac:AdditionalDocumentReference>` +
    `\n    <cac:AdditionalDocumentReference>\n        <cbc:ID>PIH</cbc:ID>\n        <cac:Attachment>\n            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${esc(inv.pih)}</cbc:EmbeddedDocumentBinaryObject>\n        </cac:Attachment>\n    </cac:AdditionalDocumentReference>`;
  // sign.ts puts the QR reference and cac:Signature right before the seller (SIGNATURE_ANCHOR)
  x += party('cac:AccountingSupplierParty', inv.seller, true);
  if (inv.buyer) x += party('cac:AccountingCustomerParty', inv.buyer, false);
  if (inv.deliveryDate) x += `\n    <cac:Delivery>\n        <cbc:ActualDeliveryDate>${esc(inv.deliveryDate)}</cbc:ActualDeliveryDate>\n    </cac:Delivery>`;
  x += `\n    <cac:PaymentMeans>\n        <cbc:PaymentMeansCode>${esc(inv.paymentMeansCode ?? '10')}</cbc:PaymentMeansCode>` +
    el('        ', 'cbc:InstructionNote', inv.billingReference?.reason) + `\n    </cac:PaymentMeans>`;
  if (Number(t.allowance) !== 0 && inv.subtotals[0])
    x += `\n    <cac:AllowanceCharge>\n        <cbc:ChargeIndicator>false</cbc:ChargeIndicator>\n        <cbc:AllowanceChargeReason>discount</cbc:AllowanceChargeReason>` +
      amt('        ', 'cbc:Amount', t.allowance) + taxCategory('        ', 'cac:TaxCategory', inv.subtotals[0]) + `\n    </cac:AllowanceCharge>`;
  // KSA: one TaxTotal with the amount in the tax currency (SAR), one with the breakdown
  x += `\n    <cac:TaxTotal>` + amt('        ', 'cbc:TaxAmount', t.tax) + `\n    </cac:TaxTotal>`;
  x += `\n    <cac:TaxTotal>` + amt('        ', 'cbc:TaxAmount', t.tax);
  for (const s of inv.subtotals)
    x += `\n        <cac:TaxSubtotal>` + amt('            ', 'cbc:TaxableAmount', s.taxable) + amt('            ', 'cbc:TaxAmount', s.tax) +
      taxCategory('            ', 'cac:TaxCategory', s) + `\n        </cac:TaxSubtotal>`;
  x += `\n    </cac:TaxTotal>`;
  x += `\n    <cac:LegalMonetaryTotal>` + amt('        ', 'cbc:LineExtensionAmount', t.lineExtension) + amt('        ', 'cbc:TaxExclusiveAmount', t.taxExclusive) +
    amt('        ', 'cbc:TaxInclusiveAmount', t.taxInclusive) + amt('        ', 'cbc:AllowanceTotalAmount', t.allowance) +
    amt('        ', 'cbc:PrepaidAmount', '0.00') + amt('        ', 'cbc:PayableAmount', t.payable) + `\n    </cac:LegalMonetaryTotal>`;
  inv.lines.forEach((l, n) => {
    const i = '            ';
    x += `\n    <cac:InvoiceLine>\n        <cbc:ID>${n + 1}</cbc:ID>\n        <cbc:InvoicedQuantity unitCode="PCE">${esc(l.quantity)}</cbc:InvoicedQuantity>` +
      amt('        ', 'cbc:LineExtensionAmount', l.lineAmount) +
      `\n        <cac:TaxTotal>` + amt(i, 'cbc:TaxAmount', l.taxAmount) + amt(i, 'cbc:RoundingAmount', addMoney(l.lineAmount, l.taxAmount)) + `\n        </cac:TaxTotal>` +
      `\n        <cac:Item>\n${i}<cbc:Name>${esc(l.name)}</cbc:Name>\n${i}<cac:ClassifiedTaxCategory>\n${i}    <cbc:ID>${l.category}</cbc:ID>\n${i}    <cbc:Percent>${l.percent}</cbc:Percent>` +
      `\n${i}    <cac:TaxScheme>\n${i}        <cbc:ID>VAT</cbc:ID>\n${i}    </cac:TaxScheme>\n${i}</cac:ClassifiedTaxCategory>\n        </cac:Item>` +
      `\n        <cac:Price>` + amt(i, 'cbc:PriceAmount', l.price) + (l.baseQuantity ? `\n${i}<cbc:BaseQuantity unitCode="PCE">${esc(l.baseQuantity)}</cbc:BaseQuantity>` : '') + `\n        </cac:Price>` +
      `\n    </cac:InvoiceLine>`;
  });
  return x + '\n</Invoice>\n';
}

const addMoney = (a: string, b: string) => new Decimal(a).plus(b).toFixed(Math.max((a.split('.')[1] ?? '').length, (b.split('.')[1] ?? '').length));
