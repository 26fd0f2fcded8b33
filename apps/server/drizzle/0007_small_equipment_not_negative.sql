ALTER TABLE "small_equipment_stock" ADD CONSTRAINT "small_equipment_quantity_not_negative" CHECK ("quantity" >= 0);
