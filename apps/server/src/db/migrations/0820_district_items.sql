-- District items and the district cart (issue 18, spec 1 §3: district item, cart; spec 2 §7.4
-- districtitem, purchase/district/{id}). See docs/districts.md.

-- The catalogue's items sold as such: extra space slots of a district. Premade spaces are
-- district items through their template (space_templates.district_item_id), at the
-- template's credit price, so a price lives in one place.
CREATE TABLE district_items (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('slot')),
  title text NOT NULL,
  price_coin integer NOT NULL CHECK (price_coin >= 0),
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);
INSERT INTO district_items (id, type, title, price_coin) VALUES
  ('district-item-slot', 'slot', 'Space slot', 600);

-- every premade space is a district item: its id is given when the template is added
CREATE FUNCTION space_templates_district_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.district_item_id IS NULL THEN
    NEW.district_item_id := 'district-item-' || NEW.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER space_templates_district_item BEFORE INSERT ON space_templates
  FOR EACH ROW EXECUTE FUNCTION space_templates_district_item();
UPDATE space_templates SET district_item_id = 'district-item-' || id WHERE district_item_id IS NULL;
CREATE UNIQUE INDEX space_templates_district_item_idx ON space_templates (district_item_id);

-- What a district bought, one row per cart line. A settlement's lines share its idempotency
-- key: the same key again finds them and charges nothing. Slots bought are space_slots of kind
-- 'district' whose product_id is the line's id.
CREATE TABLE district_purchases (
  id text PRIMARY KEY,
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  buyer_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  district_item_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('slot', 'template')),
  title text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 1),
  -- credits per unit actually charged (0 for a premade space the account owned already)
  price_coin integer NOT NULL CHECK (price_coin >= 0),
  space_template_id text REFERENCES space_templates (id) ON DELETE SET NULL,
  transaction_id text,
  -- the line's place in its cart (a cart's lines share created_at)
  line integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT district_purchases_line UNIQUE (district_id, idempotency_key, district_item_id)
);
CREATE INDEX district_purchases_district_idx ON district_purchases (district_id, created_at, line);

-- a district's slots (kind 'district'): the one it comes with and those it bought
CREATE INDEX space_slots_district_idx ON space_slots (district_id) WHERE district_id IS NOT NULL;
INSERT INTO space_slots (id, owner_id, kind, district_id, district_subdomain, keep_alive_credits)
  SELECT 'slot-district-' || d.id || '-1', d.owner_id, 'district', d.id, d.subdomain, 0
  FROM districts d
  WHERE NOT EXISTS (SELECT 1 FROM space_slots s WHERE s.district_id = d.id);
