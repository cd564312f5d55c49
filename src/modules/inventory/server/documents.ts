/**
 * The stock documents' business hooks (imported once by the module's server plugin). Each document is edited only
 * in its first state and deleted only unnumbered, in its first state or cancelled / rejected (the definitions'
 * `states.editableIn` / `deletableIn` / `deleteBlockedBy`, kept by the generic update and delete), checked on
 * every save (bilingual, field-keyed messages: documents.messages.ts), numbered in
 * the transaction that posts it (documents.number.ts) and moves stock only through postStock:
 *
 * | document (path)                    | states                                              | posting (from -> to, counter)                         |
 * |------------------------------------|-----------------------------------------------------|-------------------------------------------------------|
 * | receipt (receipts) REC/            | pending -approve-> approved -receive / receivePartial-> partially_received / received; reject, cancel | vendors -> location, Dr inventory / Cr stock received |
 * | delivery (deliveries) DEL/         | draft -validate-> done; cancel                      | location -> customers, Dr cost of sales / Cr inventory |
 * | transfer (transfers) TRF/          | draft -validate-> done; cancel                      | internal -> internal, no entry                        |
 * | scrap (scraps) SCR/                | draft -validate-> done; cancel                      | location -> scrap location, Dr loss / Cr inventory    |
 * | stockAdjustment (stock-adjustments) ADJ/ | draft -confirm-> confirmed (once); cancel     | adjustments <-> location, gain / loss                 |
 * | inventoryOpening (beginning-balances) | draft -post-> posted; cancel (draft only)        | adjustments -> location, Dr inventory / Cr opening    |
 *
 * Every posting locks in the one order of core/db/lock-order.ts (checked by lock-order.db.test.ts). Deliveries,
 * the hot document, take their counter late, in the statement that writes the journal entry, once the journal's
 * chain is locked (postStock's PostOptions.number); no other posting takes that counter. A delivery
 * created and validated by one request reads what its lines refer to once (its create check locks the products),
 * and its last statement writes the moves, the delivery's row and its audit rows, and commits.
 */
import './receipt.hooks';
import './delivery.hooks';
import './transfer.hooks';
import './scrap.hooks';
import './stock-adjustment.hooks';
import './inventory-opening.hooks';
