-- hand-written
-- Whether a company has an active e-invoicing unit is configuration (core/db/config-cache.ts): a sale's invoice asks
-- it at every confirmation, and without a unit it takes no lock and makes no statement for it. A unit's creation,
-- removal or status change bumps the company's configuration version at its commit, as the settings' do
-- (0037_config_versions.sql); signing an invoice (the unit's counter and hash) does not.
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR DELETE OR UPDATE OF status, company_id ON "zatca_units" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
