package com.example.kits;

import org.springframework.data.repository.CrudRepository;

/** Robots, by their snowflake ID. */
public interface RobotRepository extends CrudRepository<Robot, Long> {

}
