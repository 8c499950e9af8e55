"""The database schema's versions (Alembic): ``db.connect`` brings every database to the
newest one, a database made before the versions began included (see ``db.migrate``)."""
