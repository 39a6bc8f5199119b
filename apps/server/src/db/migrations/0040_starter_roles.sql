-- Issue 42: every account starts with roles a team needs on day one (contracts' STARTER_ROLES,
-- spelled again here: a migration is fixed once shipped). An account made before, whose only live
-- role is the protected Owner, could invite nobody: it gets them now. An account that made roles of
-- its own shaped its team already and is left as it is (no role it did not ask for appears).
INSERT INTO "roles" ("id", "tenant_id", "name", "description", "permissions", "all_instances", "instances", "protected", "created_at")
SELECT gen_random_uuid(), t."id", s."name", s."description", s."permissions", true, '{}', false, now()
FROM "tenants" AS t
CROSS JOIN (VALUES
  ('Administrator', 'Everything the owner can do, on every instance: instances, billing, team and roles.',
    ARRAY['VIEW_BILLING', 'EDIT_BILLING', 'VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY', 'VIEW_ROLES', 'EDIT_ROLES', 'VIEW_MEMBERS', 'EDIT_MEMBERS']::text[]),
  ('Developer', 'Creates, changes and operates instances; reads their activity.', ARRAY['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY']::text[]),
  ('Viewer', 'Reads instances and their activity; changes nothing.', ARRAY['VIEW_INSTANCES', 'VIEW_ACTIVITY']::text[]),
  ('Billing', 'Reads and updates billing details and invoices; nothing else.', ARRAY['VIEW_BILLING', 'EDIT_BILLING']::text[])
) AS s("name", "description", "permissions")
WHERE NOT EXISTS (
  SELECT 1 FROM "roles" AS r WHERE r."tenant_id" = t."id" AND r."deleted_at" IS NULL AND r."protected" = false
);
