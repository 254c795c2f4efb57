"""The real-database suite (MariaDB): sqlroute + merge compared with an unsharded reference database."""
