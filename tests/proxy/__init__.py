"""sqlroute-proxy against real MariaDB servers, through pymysql, the mariadb client and sysbench."""
