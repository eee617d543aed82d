package com.example.kits;

import org.springframework.data.repository.CrudRepository;

/** Kits, by their prefixed ID. */
public interface KitRepository extends CrudRepository<Kit, String> {

}
